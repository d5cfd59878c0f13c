// glibc calls that Swift's Glibc module does not declare (GNU extensions), declared in CLibraries.h.
#define _GNU_SOURCE 1
#include "CLibraries.h"

#include <stddef.h>
#include <sys/socket.h>

int hub_accept_nonblocking_cloexec(int descriptor) {
    // accept4 sets both flags atomically: no process started meanwhile inherits the connection.
    return accept4(descriptor, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}
