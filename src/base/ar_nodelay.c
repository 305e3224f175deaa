/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_nodelay: TCP_NODELAY on the process's TCP connections (ar_nodelay.h). */
#define _POSIX_C_SOURCE 200809L
#include "ar_nodelay.h"

#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <sys/socket.h>

/* Whether fd is a stream socket of the IPv4 or IPv6 family. */
static int is_tcp(int fd) {
  int type = 0;
  socklen_t len = sizeof type;
  if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM) return 0;
  struct sockaddr_storage addr;
  len = sizeof addr;
  if (getsockname(fd, (struct sockaddr *)&addr, &len) != 0) return 0;
  return addr.ss_family == AF_INET || addr.ss_family == AF_INET6;
}

int ar_nodelay_tcp_sockets(void) {
  DIR *dir = opendir("/proc/self/fd");
  if (!dir) return -1;
  int set = 0;
  const int own = dirfd(dir);
  for (struct dirent *e = readdir(dir); e; e = readdir(dir)) {
    char *end = NULL;
    long fd = strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end || fd < 0 || fd == own || !is_tcp((int)fd)) continue;
    int one = 1;
    if (setsockopt((int)fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) == 0) set++;
  }
  closedir(dir);
  return set;
}
