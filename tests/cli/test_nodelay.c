/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_nodelay_tcp_sockets (issue #23): TCP_NODELAY goes on every TCP connection of the process
 * (both ends of a loopback connection, as the PMIx link to mpirun is one), and nothing else is
 * touched: a Unix socket pair keeps its state and the count says what was set. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ar_nodelay.h"
#include "test_util.h"

static int nodelay(int fd) {
  int v = -1;
  socklen_t len = sizeof v;
  return getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &v, &len) == 0 ? v : -1;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  /* A loopback connection: listener, client and the accepted end. */
  int lsn = socket(AF_INET, SOCK_STREAM, 0);
  CHECK(lsn >= 0);
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  CHECK(bind(lsn, (struct sockaddr *)&addr, sizeof addr) == 0);
  CHECK(listen(lsn, 1) == 0);
  socklen_t len = sizeof addr;
  CHECK(getsockname(lsn, (struct sockaddr *)&addr, &len) == 0);
  int cli = socket(AF_INET, SOCK_STREAM, 0);
  CHECK(cli >= 0);
  CHECK(connect(cli, (struct sockaddr *)&addr, sizeof addr) == 0);
  int srv = accept(lsn, NULL, NULL);
  CHECK(srv >= 0);
  int pair[2];
  CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
  int udp = socket(AF_INET, SOCK_DGRAM, 0);
  CHECK(udp >= 0);

  CHECK(nodelay(cli) == 0); /* Nagle on, as a library leaves it */
  CHECK(nodelay(srv) == 0);
  int set = ar_nodelay_tcp_sockets();
  CHECK(set >= 3); /* listener, client, accepted end (the test harness may hold more) */
  CHECK(nodelay(cli) == 1);
  CHECK(nodelay(srv) == 1);
  CHECK(nodelay(pair[0]) == -1); /* not TCP: the option does not apply and was not tried */
  /* Data still flows both ways. */
  CHECK(write(cli, "ping", 4) == 4);
  char buf[8] = {0};
  CHECK(read(srv, buf, sizeof buf) == 4 && memcmp(buf, "ping", 4) == 0);
  CHECK(write(pair[0], "x", 1) == 1 && read(pair[1], buf, 1) == 1 && buf[0] == 'x');
  /* A second call finds the same sockets and sets them again. */
  CHECK(ar_nodelay_tcp_sockets() == set);
  close(udp);
  close(pair[0]);
  close(pair[1]);
  close(srv);
  close(cli);
  close(lsn);
  return 0;
}
