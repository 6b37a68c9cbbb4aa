/* an_demangle.h - C++ symbol names made readable for every output (the
 * trace's sites files keep the names as the symbol table has them). */
#ifndef SESHAT_AN_DEMANGLE_H
#define SESHAT_AN_DEMANGLE_H

#include <stddef.h>

/* `name` demangled ("_ZN2ns5heavyEl" -> "ns::heavy"), without its
 * parameter list (call trees and call sites separate frames with
 * parentheses and spaces), into buf; `name` itself when it is not a C++
 * name or the C++ runtime's demangler is not there. */
const char *an_demangle(const char *name, char *buf, size_t n);

/* Every frame's function of a parsed sites-file line, in place. */
struct seshat_site_line;
void an_demangle_site(struct seshat_site_line *sl);

#endif
