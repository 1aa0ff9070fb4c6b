/*
 * A minimal C epoll fan-out server: the baseline `aula bench hangman` measures
 * Aula against, in the same run on the same machine (SPEC §10).
 *
 * Protocol (one line each, LF or CRLF):
 *   JOIN <room>     put this connection in room <room> (a number, 0..MAX_ROOMS-1)
 *   PING            answered with PONG to this connection only
 *   anything else   sent as-is to every member of the sender's room (sender included)
 *
 * It does what Aula's hangman does on the network for one guess — read a line,
 * write an update to every player of the room — and nothing else: no game
 * rules, no rendering, no database. Single thread, level-triggered epoll,
 * non-blocking sockets, per-connection input and output buffers.
 *
 * Build: cc -O2 -o baseline baseline.c      Run: ./baseline PORT
 * Loopback only: it binds 127.0.0.1.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_FDS 65536
#define MAX_ROOMS 65536
#define MAX_MEMBERS 16
#define IN_CAP 4096

typedef struct {
    int open;
    int room;
    int watching_out;
    char in[IN_CAP];
    size_t in_len;
    char *out;
    size_t out_len, out_cap;
} conn_t;

typedef struct {
    int members[MAX_MEMBERS];
    int count;
} room_t;

static conn_t *conns;
static room_t *rooms;
static int epfd;

static void set_nonblock(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void close_conn(int fd) {
    conn_t *c = &conns[fd];
    if (!c->open) return;
    if (c->room >= 0) {
        room_t *r = &rooms[c->room];
        for (int i = 0; i < r->count; i++) {
            if (r->members[i] == fd) { r->members[i] = r->members[--r->count]; break; }
        }
    }
    epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
    close(fd);
    free(c->out);
    memset(c, 0, sizeof *c);
    c->room = -1;
}

static void flush_out(int fd) {
    conn_t *c = &conns[fd];
    while (c->out_len > 0) {
        ssize_t n = send(fd, c->out, c->out_len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR) break;
            close_conn(fd);
            return;
        }
        memmove(c->out, c->out + n, c->out_len - (size_t)n);
        c->out_len -= (size_t)n;
    }
    int want_out = c->out_len > 0;
    if (want_out != c->watching_out) {
        struct epoll_event ev = {.events = EPOLLIN | (want_out ? EPOLLOUT : 0), .data.fd = fd};
        epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev);
        c->watching_out = want_out;
    }
}

static void queue_out(int fd, const char *data, size_t len) {
    conn_t *c = &conns[fd];
    if (!c->open) return;
    if (c->out_len + len > c->out_cap) {
        size_t cap = c->out_cap ? c->out_cap * 2 : 1024;
        while (cap < c->out_len + len) cap *= 2;
        char *grown = realloc(c->out, cap);
        if (!grown) { close_conn(fd); return; }
        c->out = grown;
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_len, data, len);
    c->out_len += len;
    flush_out(fd);
}

static void handle_line(int fd, char *line, size_t len) {
    conn_t *c = &conns[fd];
    if (len >= 5 && memcmp(line, "JOIN ", 5) == 0) {
        int room = atoi(line + 5);
        if (room < 0 || room >= MAX_ROOMS || rooms[room].count >= MAX_MEMBERS) return;
        c->room = room;
        rooms[room].members[rooms[room].count++] = fd;
        queue_out(fd, "JOINED\r\n", 8);
        return;
    }
    if (len == 4 && memcmp(line, "PING", 4) == 0) {
        queue_out(fd, "PONG\r\n", 6);
        return;
    }
    if (c->room < 0) return;
    room_t *r = &rooms[c->room];
    line[len] = '\r';
    line[len + 1] = '\n';
    for (int i = 0; i < r->count; i++) queue_out(r->members[i], line, len + 2);
}

static void handle_read(int fd) {
    conn_t *c = &conns[fd];
    for (;;) {
        if (c->in_len >= IN_CAP - 2) c->in_len = 0; /* over-long line: drop it */
        ssize_t n = recv(fd, c->in + c->in_len, IN_CAP - 2 - c->in_len, 0);
        if (n == 0) { close_conn(fd); return; }
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR) return;
            close_conn(fd);
            return;
        }
        c->in_len += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < c->in_len; i++) {
            if (c->in[i] != '\n') continue;
            size_t end = i;
            if (end > start && c->in[end - 1] == '\r') end--;
            char line[IN_CAP];
            memcpy(line, c->in + start, end - start);
            handle_line(fd, line, end - start);
            if (!conns[fd].open) return;
            start = i + 1;
        }
        memmove(c->in, c->in + start, c->in_len - start);
        c->in_len -= start;
    }
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 4900;
    signal(SIGPIPE, SIG_IGN);
    struct rlimit lim;
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0) { lim.rlim_cur = lim.rlim_max; setrlimit(RLIMIT_NOFILE, &lim); }
    conns = calloc(MAX_FDS, sizeof *conns);
    rooms = calloc(MAX_ROOMS, sizeof *rooms);
    if (!conns || !rooms) return 1;
    for (int i = 0; i < MAX_FDS; i++) conns[i].room = -1;

    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    if (bind(lfd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(lfd, 4096) != 0) {
        perror("baseline: bind/listen");
        return 1;
    }
    set_nonblock(lfd);
    epfd = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = lfd};
    epoll_ctl(epfd, EPOLL_CTL_ADD, lfd, &ev);
    printf("READY %d\n", port);
    fflush(stdout);

    struct epoll_event events[1024];
    for (;;) {
        int n = epoll_wait(epfd, events, 1024, -1);
        for (int i = 0; i < n; i++) {
            int fd = events[i].data.fd;
            if (fd == lfd) {
                for (;;) {
                    int cfd = accept(lfd, NULL, NULL);
                    if (cfd < 0) break;
                    if (cfd >= MAX_FDS) { close(cfd); continue; }
                    set_nonblock(cfd);
                    setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    conns[cfd].open = 1;
                    conns[cfd].room = -1;
                    struct epoll_event cev = {.events = EPOLLIN, .data.fd = cfd};
                    epoll_ctl(epfd, EPOLL_CTL_ADD, cfd, &cev);
                }
                continue;
            }
            if (events[i].events & (EPOLLERR | EPOLLHUP)) { close_conn(fd); continue; }
            if (events[i].events & EPOLLIN) handle_read(fd);
            if (conns[fd].open && (events[i].events & EPOLLOUT)) flush_out(fd);
        }
    }
}
