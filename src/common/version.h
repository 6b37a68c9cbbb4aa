/* version.h - the release every seshat tool names on --version. */
#ifndef SESHAT_VERSION_H
#define SESHAT_VERSION_H

#define SESHAT_VERSION "0.9.0"

#endif
