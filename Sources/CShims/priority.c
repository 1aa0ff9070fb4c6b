// The threads that work beside the event loop (issue 20): the store's writes
// yield the processor to the loop, which answers the students.
#define _GNU_SOURCE
#include "CShims.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int aula_lower_thread_priority(int nice_value) {
    /* On Linux a nice value belongs to a thread (its tid), not the process. */
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    if (errno != 0) return -1;
    /* Only ever lowered: raising it back needs a privilege we do not ask for. */
    if (current >= nice_value) return 0;
    return setpriority(PRIO_PROCESS, (id_t)tid, nice_value);
}

int aula_thread_nice(void) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    return errno != 0 ? -100 : current;
}
