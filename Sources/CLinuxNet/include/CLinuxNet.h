// Typed wrappers for the Linux networking calls the reachability manager needs and Swift cannot
// call directly: `ioctl` is variadic, `setns` is declared only under _GNU_SOURCE (which must not be
// defined here: it changes libc structs that other modules import), and the netlink group masks
// are macros. No logic lives here beyond filling the request structs each call takes.
#ifndef AFRUN_CLINUXNET_H
#define AFRUN_CLINUXNET_H

#include <sched.h>
#include <linux/sched.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <net/if.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/wireless.h>
#include <linux/if_arp.h>

// glibc declares setns, and its <sched.h> defines CLONE_NEWNET, only under _GNU_SOURCE; the kernel's
// <linux/sched.h> defines the flag without it.
extern int setns(int fd, int nstype);

/// Moves the calling thread into the network namespace open at `fd`.
static inline int afn_enter_network_namespace(int fd) { return setns(fd, CLONE_NEWNET); }

/// The rtnetlink multicast groups that announce link, address and route changes.
static inline unsigned int afn_route_change_groups(void) {
    return RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE;
}

/// The ARPHRD_* hardware type of an interface, or -1.
static inline int afn_interface_hardware_type(int sock, const char *name) {
    struct ifreq request;
    memset(&request, 0, sizeof request);
    strncpy(request.ifr_name, name, IFNAMSIZ - 1);
    if (ioctl(sock, SIOCGIFHWADDR, &request) < 0) return -1;
    return request.ifr_hwaddr.sa_family;
}

/// 1 when the interface answers the wireless extensions' SIOCGIWNAME (a Wi-Fi interface), else 0.
static inline int afn_interface_is_wireless(int sock, const char *name) {
    struct iwreq request;
    memset(&request, 0, sizeof request);
    strncpy(request.ifr_name, name, IFNAMSIZ - 1);
    return ioctl(sock, SIOCGIWNAME, &request) == 0 ? 1 : 0;
}

#endif
