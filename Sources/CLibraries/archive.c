// libarchive's functions hubctl calls, loaded on first use (include/CLibraries.h). Hidden: these
// names serve hubctl's own calls only, never libarchive's calls to itself.
#pragma GCC visibility push(hidden)
#include <archive.h>
#include <archive_entry.h>
#pragma GCC visibility pop
#include "stubs.h"

#define ARCHIVE_STUB __attribute__((visibility("hidden")))
#define REAL(name) HUB_REAL(HUB_LIBRARY_ARCHIVE, name)

// Every function forwarded below, resolved together when the library loads (stubs.h).
#define HUB_ARCHIVE_FUNCTIONS(F) \
    F(archive_read_new) \
    F(archive_read_free) \
    F(archive_read_open) \
    F(archive_read_next_header) \
    F(archive_read_data) \
    F(archive_read_data_skip) \
    F(archive_error_string) \
    F(archive_format) \
    F(archive_filter_bytes) \
    F(archive_filter_code) \
    F(archive_entry_pathname) \
    F(archive_entry_pathname_utf8) \
    F(archive_entry_hardlink) \
    F(archive_entry_filetype) \
    F(archive_read_support_format_zip_streamable) \
    F(archive_read_support_format_tar) \
    F(archive_read_support_filter_gzip) \
    F(archive_read_support_filter_bzip2) \
    F(archive_read_support_filter_xz) \
    F(archive_read_support_filter_zstd)
HUB_FUNCTION_TABLE(hub_archive_functions, HUB_ARCHIVE_FUNCTIONS);

ARCHIVE_STUB struct archive *archive_read_new(void) { return REAL(archive_read_new)(); }
ARCHIVE_STUB int archive_read_free(struct archive *a) { return REAL(archive_read_free)(a); }
ARCHIVE_STUB int archive_read_open(struct archive *a, void *client, archive_open_callback *opener,
                                   archive_read_callback *reader, archive_close_callback *closer) {
    return REAL(archive_read_open)(a, client, opener, reader, closer);
}
ARCHIVE_STUB int archive_read_next_header(struct archive *a, struct archive_entry **entry) {
    return REAL(archive_read_next_header)(a, entry);
}
ARCHIVE_STUB la_ssize_t archive_read_data(struct archive *a, void *buffer, size_t size) {
    return REAL(archive_read_data)(a, buffer, size);
}
ARCHIVE_STUB int archive_read_data_skip(struct archive *a) { return REAL(archive_read_data_skip)(a); }
ARCHIVE_STUB const char *archive_error_string(struct archive *a) { return REAL(archive_error_string)(a); }
ARCHIVE_STUB int archive_format(struct archive *a) { return REAL(archive_format)(a); }
ARCHIVE_STUB la_int64_t archive_filter_bytes(struct archive *a, int n) { return REAL(archive_filter_bytes)(a, n); }
ARCHIVE_STUB int archive_filter_code(struct archive *a, int n) { return REAL(archive_filter_code)(a, n); }
ARCHIVE_STUB const char *archive_entry_pathname(struct archive_entry *e) {
    return REAL(archive_entry_pathname)(e);
}
ARCHIVE_STUB const char *archive_entry_pathname_utf8(struct archive_entry *e) {
    return REAL(archive_entry_pathname_utf8)(e);
}
ARCHIVE_STUB const char *archive_entry_hardlink(struct archive_entry *e) {
    return REAL(archive_entry_hardlink)(e);
}
ARCHIVE_STUB __LA_MODE_T archive_entry_filetype(struct archive_entry *e) {
    return REAL(archive_entry_filetype)(e);
}
ARCHIVE_STUB int archive_read_support_format_zip_streamable(struct archive *a) {
    return REAL(archive_read_support_format_zip_streamable)(a);
}
ARCHIVE_STUB int archive_read_support_format_tar(struct archive *a) {
    return REAL(archive_read_support_format_tar)(a);
}
ARCHIVE_STUB int archive_read_support_filter_gzip(struct archive *a) {
    return REAL(archive_read_support_filter_gzip)(a);
}
ARCHIVE_STUB int archive_read_support_filter_bzip2(struct archive *a) {
    return REAL(archive_read_support_filter_bzip2)(a);
}
ARCHIVE_STUB int archive_read_support_filter_xz(struct archive *a) {
    return REAL(archive_read_support_filter_xz)(a);
}
ARCHIVE_STUB int archive_read_support_filter_zstd(struct archive *a) {
    return REAL(archive_read_support_filter_zstd)(a);
}
