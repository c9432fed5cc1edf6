/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl who-can and reach: questions about a whole policy's text.
 */
#ifndef SIGIL_REACH_H
#define SIGIL_REACH_H

#include <stddef.h>
#include <stdio.h>

/*
 * Prints to @out every way a label of @text (a valid policy) comes to
 * hold some of @rights (letters of allow rules; NULL for any) on files
 * labelled @object, one per line, "LABEL RIGHTS PATH", or as JSON.
 * Returns the number of lines.
 */
size_t reach_who_can(const char *text, size_t size, const char *object,
		     const char *rights, int json, FILE *out);

/*
 * Prints to @out what a task labelled @subject can reach under @text:
 * the labels it can become, and every right they hold, one per line,
 * "LABEL KIND OBJECT RIGHTS PATH", or as JSON.  Returns the number of
 * lines.
 */
size_t reach_from(const char *text, size_t size, const char *subject,
		  int json, FILE *out);

#endif
