#define _GNU_SOURCE
#include "CShims.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

const uint32_t AULA_EV_IN = EPOLLIN;
const uint32_t AULA_EV_OUT = EPOLLOUT;
const uint32_t AULA_EV_ERR = EPOLLERR;
const uint32_t AULA_EV_HUP = EPOLLHUP;
const uint32_t AULA_EV_RDHUP = EPOLLRDHUP;

const int AULA_EAGAIN = EAGAIN;
const int AULA_EINTR = EINTR;
const int AULA_ECONNRESET = ECONNRESET;
const int AULA_EPIPE = EPIPE;
const int AULA_ECONNABORTED = ECONNABORTED;
const int AULA_EMFILE = EMFILE;
const int AULA_ENFILE = ENFILE;

int aula_errno(void) { return errno; }

const char *aula_strerror(int code) { return strerror(code); }

int aula_shims_version(void) { return 2; }

// MARK: epoll

int aula_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int epoll_change(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &ev);
}

int aula_epoll_add(int epfd, int fd, uint32_t events) {
    return epoll_change(epfd, EPOLL_CTL_ADD, fd, events);
}

int aula_epoll_modify(int epfd, int fd, uint32_t events) {
    return epoll_change(epfd, EPOLL_CTL_MOD, fd, events);
}

int aula_epoll_remove(int epfd, int fd) {
    return epoll_change(epfd, EPOLL_CTL_DEL, fd, 0);
}

int aula_epoll_wait(int epfd, aula_ready_event *out, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    if (max <= 0) return 0;
    int n = epoll_wait(epfd, events, max, timeout_ms);
    if (n < 0) return errno == EINTR ? 0 : -1;
    for (int i = 0; i < n; i++) {
        out[i].fd = events[i].data.fd;
        out[i].events = events[i].events;
    }
    return n;
}

// MARK: eventfd

int aula_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int aula_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t n = write(fd, &one, sizeof one);
    // EAGAIN means the counter is already huge: the loop will wake anyway.
    return (n == (ssize_t)sizeof one || errno == EAGAIN) ? 0 : -1;
}

void aula_eventfd_drain(int fd) {
    uint64_t value;
    while (read(fd, &value, sizeof value) == (ssize_t)sizeof value) {
    }
}

// MARK: signals

int aula_signalfd(const int32_t *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int aula_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n != (ssize_t)sizeof info) return 0;
    return (int)info.ssi_signo;
}

void aula_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

// MARK: sockets

static int fill_address(const char *host, int port, struct sockaddr_storage *addr, socklen_t *len) {
    memset(addr, 0, sizeof *addr);
    if (host == NULL || host[0] == '\0' || strcmp(host, "*") == 0) host = "0.0.0.0";
    if (strcmp(host, "localhost") == 0) host = "127.0.0.1";
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        *len = sizeof *v4;
        return AF_INET;
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        *len = sizeof *v6;
        return AF_INET6;
    }
    errno = EINVAL;
    return -1;
}

int aula_listen(const char *host, int port, int backlog, int *bound_port) {
    if (port < 0 || port > 65535) { errno = EINVAL; return -1; }
    struct sockaddr_storage addr;
    socklen_t len;
    int family = fill_address(host, port, &addr, &len);
    if (family < 0) return -1;
    int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    /* TCP_NODELAY here, not per connection: Linux copies it to every accepted
       socket (one setsockopt per login saved, issue 20). Best effort, as before. */
    (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    /* TCP keepalive, inherited the same way: a laptop gone from the Wi-Fi leaves
       its socket open until the idle timeout; probes after 60 s of silence, every
       10 s, 6 unanswered end it in about two minutes (session 12). Best effort. */
    int idle = AULA_KEEPALIVE_IDLE, interval = AULA_KEEPALIVE_INTERVAL, count = AULA_KEEPALIVE_COUNT;
    (void)setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
    (void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    (void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
    (void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, (struct sockaddr *)&addr, len) != 0 ||
        listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    struct sockaddr_storage bound;
    socklen_t bound_len = sizeof bound;
    if (getsockname(fd, (struct sockaddr *)&bound, &bound_len) == 0 && bound_port != NULL) {
        if (bound.ss_family == AF_INET) *bound_port = ntohs(((struct sockaddr_in *)&bound)->sin_port);
        else *bound_port = ntohs(((struct sockaddr_in6 *)&bound)->sin6_port);
    }
    return fd;
}

int aula_accept(int listen_fd, char *addr_buf, int addr_buf_len, int *is_loopback) {
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    int fd = accept4(listen_fd, (struct sockaddr *)&addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return -1;
    int loopback = 0;
    if (addr_buf != NULL && addr_buf_len > 0) addr_buf[0] = '\0';
    if (addr.ss_family == AF_INET) {
        struct sockaddr_in *v4 = (struct sockaddr_in *)&addr;
        loopback = (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
        if (addr_buf != NULL) inet_ntop(AF_INET, &v4->sin_addr, addr_buf, (socklen_t)addr_buf_len);
    } else if (addr.ss_family == AF_INET6) {
        struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&addr;
        if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr)) {
            struct in_addr v4;
            memcpy(&v4, &v6->sin6_addr.s6_addr[12], sizeof v4);
            loopback = (ntohl(v4.s_addr) >> 24) == 127;
            if (addr_buf != NULL) inet_ntop(AF_INET, &v4, addr_buf, (socklen_t)addr_buf_len);
        } else {
            loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
            if (addr_buf != NULL) inet_ntop(AF_INET6, &v6->sin6_addr, addr_buf, (socklen_t)addr_buf_len);
        }
    }
    if (is_loopback != NULL) *is_loopback = loopback;
    return fd;
}

int aula_set_nodelay(int fd) {
    int one = 1;
    return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int aula_get_keepalive(int fd, int *idle, int *interval, int *count) {
    int on = 0;
    socklen_t len = sizeof on;
    if (getsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, &len) != 0) return -1;
    len = sizeof *idle;
    if (idle != NULL && getsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, idle, &len) != 0) return -1;
    len = sizeof *interval;
    if (interval != NULL && getsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, interval, &len) != 0) return -1;
    len = sizeof *count;
    if (count != NULL && getsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, count, &len) != 0) return -1;
    return on != 0;
}

int aula_get_nodelay(int fd) {
    int value = 0;
    socklen_t len = sizeof value;
    if (getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &value, &len) != 0) return -1;
    return value != 0;
}

ssize_t aula_send(int fd, const void *bytes, size_t count) {
    for (;;) {
        ssize_t n = send(fd, bytes, count, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        return n;
    }
}

ssize_t aula_recv(int fd, void *bytes, size_t capacity) {
    for (;;) {
        ssize_t n = recv(fd, bytes, capacity, 0);
        if (n < 0 && errno == EINTR) continue;
        return n;
    }
}

int aula_shutdown_write(int fd) { return shutdown(fd, SHUT_WR); }

int aula_close(int fd) { return close(fd); }

uint64_t aula_current_thread(void) { return (uint64_t)pthread_self(); }

double aula_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

// MARK: client side (the bench's load generator)

#include <sys/resource.h>

int aula_connect(const char *host, int port) { return aula_connect_with(host, port, 1); }

int aula_connect_with(const char *host, int port, int nodelay) {
    struct sockaddr_storage addr;
    socklen_t len;
    int family = fill_address(host, port, &addr, &len);
    if (family < 0) return -1;
    int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&addr, len) != 0 && errno != EINPROGRESS) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    if (nodelay) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return fd;
}

int aula_socket_error(int fd) {
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) return errno;
    return err;
}

long aula_raise_fd_limit(void) {
    struct rlimit lim;
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return -1;
    /* Root may raise the hard limit itself (up to fs.nr_open); others keep theirs. */
    FILE *f = fopen("/proc/sys/fs/nr_open", "r");
    if (f) {
        unsigned long open_max = 0;
        if (fscanf(f, "%lu", &open_max) == 1 && open_max > lim.rlim_max) {
            struct rlimit raised = { open_max, open_max };
            if (setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
        }
        fclose(f);
    }
    if (lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
        getrlimit(RLIMIT_NOFILE, &lim);
    }
    return (long)lim.rlim_cur;
}

#include <sys/ioctl.h>

/* The terminal's size (TIOCGWINSZ; ioctl is variadic, so Swift calls it here). */
int aula_terminal_size(int fd, int *columns, int *rows) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return -1;
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 0;
}
