#ifndef AULA_CSHIMS_H
#define AULA_CSHIMS_H
// Placeholder: the networking issue fills this with epoll/eventfd/socket wrappers.
int aula_shims_version(void);
#endif
