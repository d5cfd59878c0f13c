// glibc calls that Swift's Glibc module does not declare (GNU extensions), declared in CLibraries.h.
#define _GNU_SOURCE 1
#include "CLibraries.h"

#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <sys/socket.h>

int hub_accept_nonblocking_cloexec(int descriptor) {
    // accept4 sets both flags atomically: no process started meanwhile inherits the connection.
    return accept4(descriptor, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int hub_thread_run_when_idle(void) {
    // SCHED_IDLE is a GNU name (hence this file); its priority must be 0.
    struct sched_param param = { .sched_priority = 0 };
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
}
