// glibc's `_np` spawn file actions (2.29 and 2.34), which the tests' child-process helper needs.
// glibc declares them only under _GNU_SOURCE, which must not be defined here (it changes libc structs
// that other modules import), so they are declared again, as glibc's <spawn.h> declares them.
#ifndef AFRUN_CSPAWNACTIONS_H
#define AFRUN_CSPAWNACTIONS_H

#include <spawn.h>

extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);

#endif
