#ifndef AULA_CSHIMS_H
#define AULA_CSHIMS_H
// Small C wrappers so Swift never touches the packed `epoll_event` union,
// `sockaddr` casts or variadic calls. Every function returns -1 (or a
// negative value) on failure; read the reason with aula_errno().

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

/// One ready file: the descriptor and its epoll event bits.
typedef struct {
    int32_t fd;
    uint32_t events;
} aula_ready_event;

// Event bits (same values as EPOLLIN etc., exported as plain constants).
extern const uint32_t AULA_EV_IN;
extern const uint32_t AULA_EV_OUT;
extern const uint32_t AULA_EV_ERR;
extern const uint32_t AULA_EV_HUP;
extern const uint32_t AULA_EV_RDHUP;

// errno values Swift wants to compare with.
extern const int AULA_EAGAIN;
extern const int AULA_EINTR;
extern const int AULA_ECONNRESET;
extern const int AULA_EPIPE;
extern const int AULA_ECONNABORTED;
extern const int AULA_EMFILE;
extern const int AULA_ENFILE;

int aula_errno(void);
const char *aula_strerror(int code);

// epoll (level-triggered).
int aula_epoll_create(void);
int aula_epoll_add(int epfd, int fd, uint32_t events);
int aula_epoll_modify(int epfd, int fd, uint32_t events);
int aula_epoll_remove(int epfd, int fd);
/// Waits up to timeout_ms (-1: forever). Returns how many entries of `out`
/// were filled, 0 on timeout or EINTR, -1 on other errors.
int aula_epoll_wait(int epfd, aula_ready_event *out, int max, int timeout_ms);

// eventfd used to wake the loop from other threads.
int aula_eventfd(void);
int aula_eventfd_signal(int fd);
void aula_eventfd_drain(int fd);

/// Blocks `signals` in the calling thread (threads started later inherit the
/// mask) and returns a non-blocking signalfd that reports them.
int aula_signalfd(const int32_t *signals, int count);
/// Reads one pending signal number from a signalfd; 0 when none is pending.
int aula_signalfd_read(int fd);

/// SIGPIPE is ignored process-wide (sends use MSG_NOSIGNAL as well).
void aula_ignore_sigpipe(void);

/// A non-blocking, close-on-exec listening TCP socket with SO_REUSEADDR.
/// `host`: numeric IPv4 or IPv6 address, "localhost", or "" / "*" for all
/// IPv4 addresses. Port 0 asks for an ephemeral port. On success returns the
/// descriptor and stores the bound port in *bound_port.
int aula_listen(const char *host, int port, int backlog, int *bound_port);

/// accept4 with SOCK_NONBLOCK|SOCK_CLOEXEC. Writes the peer address as text
/// (IPv4-mapped IPv6 addresses shown as plain IPv4) into addr_buf and whether
/// it is a loopback address into *is_loopback.
int aula_accept(int listen_fd, char *addr_buf, int addr_buf_len, int *is_loopback);

/* TCP keepalive on every listening socket (so on every accepted one): idle
   seconds before the first probe, seconds between probes, probes unanswered. */
#define AULA_KEEPALIVE_IDLE 60
#define AULA_KEEPALIVE_INTERVAL 10
#define AULA_KEEPALIVE_COUNT 6
/* 1 when SO_KEEPALIVE is on (and the three values stored), 0 when off, -1 on error. */
int aula_get_keepalive(int fd, int *idle, int *interval, int *count);

int aula_set_nodelay(int fd);
/* 1 when TCP_NODELAY is on, 0 when off, -1 on error (tests: inherited from the listener). */
int aula_get_nodelay(int fd);
ssize_t aula_send(int fd, const void *bytes, size_t count);
ssize_t aula_recv(int fd, void *bytes, size_t capacity);
int aula_shutdown_write(int fd);
int aula_close(int fd);

/// An identifier of the calling thread (pthread_self).
uint64_t aula_current_thread(void);

/// CLOCK_MONOTONIC in seconds.
double aula_monotonic_seconds(void);

int aula_shims_version(void);

/// Non-blocking connect (the bench's clients); -1 with errno on failure.
int aula_connect(const char *host, int port);
/* aula_connect, TCP_NODELAY only when `nodelay` (a client that sends once needs none). */
int aula_connect_with(const char *host, int port, int nodelay);
/// SO_ERROR of a socket (0 when a non-blocking connect succeeded).
int aula_socket_error(int fd);
/// Raises the open-file limit to its hard maximum; returns the new soft limit.
long aula_raise_fd_limit(void);
/// The size of the terminal on `fd` (TIOCGWINSZ): 0, or -1 when it is not a terminal.
int aula_terminal_size(int fd, int *columns, int *rows);

/// Unmaps the resident pages of this process's read-only file
/// mappings with no private page (madvise MADV_DONTNEED; memory.c): what start-up touched and the
/// steady state does not. Pages used again come back from the page cache.
/// Returns the bytes released, or -1 when /proc/self/smaps cannot be read.
long aula_release_code_pages(void);

#endif
