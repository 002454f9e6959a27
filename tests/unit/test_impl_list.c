// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The three output formats of `kaesbench list`.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "output/impl_list.h"
#include "output/json_document.h"
#include "kernel/impls.h"
#include "kaesbench_version.h"
#include "msg.h"

/* Appends a parsed skcipher reply, as the module would send it. */
static void add(struct kb_impl_list *list, const char *alg, const char *driver,
		uint32_t prio, uint32_t flags)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);

	msg_put_skcipher(nlh, alg, driver, prio, flags);
	assert_int_equal(kb_impl_list_cb(nlh, list), MNL_CB_OK);
}

/* A bare "aes" cipher: no IV, chunk or auth size. */
static void add_cipher(struct kb_impl_list *list)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct nlattr *nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);

	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_MODULE, "kernel");
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_PRIORITY, 100);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_TYPE,
			 KAESBENCH_IMPL_TYPE_CIPHER);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_FLAGS, KAESBENCH_IMPL_F_TESTED);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_BLOCK_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MIN_KEY_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MAX_KEY_SIZE, 32);
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_list_cb(nlh, list), MNL_CB_OK);
}

static int cmp(const void *a, const void *b)
{
	return kb_impl_cmp_people(a, b);
}

static void test_sort_order(void **state)
{
	struct kb_impl_list list = { 0 };

	(void)state;
	add(&list, "__cbc(aes)", "__cbc-aes-aesni", 400,
	    KAESBENCH_IMPL_F_INTERNAL);
	add(&list, "xts(aes)", "xts-aes-aesni", 401, 0);
	add(&list, "cbc(aes)", "cbc-aes-generic", 100, 0);
	add(&list, "cbc(aes)", "cbc-aes-b", 300, 0);
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400, 0);
	add(&list, "cbc(aes)", "cbc-aes-a", 300, 0);
	qsort(list.impl, list.count, sizeof(*list.impl), cmp);
	assert_string_equal(list.impl[0].driver_name, "cbc-aes-aesni");
	assert_string_equal(list.impl[1].driver_name, "cbc-aes-a");
	assert_string_equal(list.impl[2].driver_name, "cbc-aes-b");
	assert_string_equal(list.impl[3].driver_name, "cbc-aes-generic");
	assert_string_equal(list.impl[4].driver_name, "xts-aes-aesni");
	/* Internal ones last, whatever their name sorts as. */
	assert_string_equal(list.impl[5].driver_name, "__cbc-aes-aesni");
	kb_impl_list_free(&list);
}

static char *capture(int (*print)(FILE *, const struct kb_impl_list *),
		     const struct kb_impl_list *list)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	assert_int_equal(print(f, list), 0);
	assert_int_equal(fclose(f), 0);
	return out;
}

static void test_people_table(void **state)
{
	static const char expected[] =
		"    ALGORITHM  DRIVER           MODULE       PRIO  TYPE      KEY    BLOCK  IV  FLAGS\n"
		"    aes        aes-generic      kernel       100   cipher    16-32  16     -   -\n"
		"\n"
		"*s  cbc(aes)   cbc-aes-aesni    aesni_intel  400   skcipher  16-32  16     16  -\n"
		"    cbc(aes)   cbc-aes-generic  aesni_intel  100   skcipher  16-32  16     16  untested\n"
		"\n"
		"*   gcm(aes)   gcm-aes-aesni    aesni_intel  400   skcipher  16-32  16     16  async\n"
		"s   gcm(aes)   __gcm-aes        aesni_intel  300   skcipher  16-32  16     16  internal,untested\n"
		"\n"
		"* = what the crypto API hands out for this algorithm name; s = what a user requiring a synchronous implementation gets\n";
	struct kb_impl_list list = { 0 };
	char *out;

	(void)state;
	add(&list, "gcm(aes)", "__gcm-aes", 300,
	    KAESBENCH_IMPL_F_INTERNAL | KAESBENCH_IMPL_F_SELECTED_SYNC);
	add(&list, "cbc(aes)", "cbc-aes-generic", 100, 0);
	add(&list, "gcm(aes)", "gcm-aes-aesni", 400,
	    KAESBENCH_IMPL_F_ASYNC | KAESBENCH_IMPL_F_TESTED |
		    KAESBENCH_IMPL_F_SELECTED);
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400,
	    KAESBENCH_IMPL_F_TESTED | KAESBENCH_IMPL_F_SELECTED |
		    KAESBENCH_IMPL_F_SELECTED_SYNC);
	add_cipher(&list);
	out = capture(kb_print_people, &list);
	assert_string_equal(out, expected);
	free(out);
	kb_impl_list_free(&list);
}

static void test_people_empty(void **state)
{
	struct kb_impl_list list = { 0 };
	char *out;

	(void)state;
	out = capture(kb_print_people, &list);
	assert_non_null(strstr(out, "ALGORITHM"));
	free(out);
}

static char *dump_line(const struct kb_impl *impl)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	kb_print_dump_line(f, impl);
	assert_int_equal(fclose(f), 0);
	return out;
}

static void test_dump_line(void **state)
{
	struct kb_impl_list list = { 0 };
	char *out;

	(void)state;
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400,
	    KAESBENCH_IMPL_F_ASYNC | KAESBENCH_IMPL_F_TESTED |
		    KAESBENCH_IMPL_F_SELECTED);
	add_cipher(&list);
	add(&list, "ecb(aes)", "__ecb-aes-aesni", 400,
	    KAESBENCH_IMPL_F_INTERNAL | KAESBENCH_IMPL_F_HARDWARE |
		    KAESBENCH_IMPL_F_SELECTED_SYNC);

	out = dump_line(&list.impl[0]);
	assert_string_equal(out, "cbc(aes)\tcbc-aes-aesni\taesni_intel\t400\t"
				 "skcipher\tyes\tno\tpassed\tno\tyes\tno\t"
				 "16\t16\t32\t16\t16\t0\n");
	free(out);
	out = dump_line(&list.impl[1]);
	assert_string_equal(out, "aes\taes-generic\tkernel\t100\tcipher\t"
				 "no\tno\tpassed\tno\tno\tno\t"
				 "16\t16\t32\t0\t0\t0\n");
	free(out);
	out = dump_line(&list.impl[2]);
	assert_string_equal(out, "ecb(aes)\t__ecb-aes-aesni\taesni_intel\t400\t"
				 "skcipher\tno\tyes\tunknown\tyes\tno\tyes\t"
				 "16\t16\t32\t16\t16\t0\n");
	free(out);
	kb_impl_list_free(&list);
}

static void test_dump_columns(void **state)
{
	struct kb_impl_list list = { 0 };
	char *out, *p;
	int tabs = 0;

	(void)state;
	add_cipher(&list);
	out = dump_line(&list.impl[0]);
	for (p = out; *p; p++)
		tabs += *p == '\t';
	assert_int_equal(tabs, 16);
	free(out);
	kb_impl_list_free(&list);
}

static struct json_object *get(struct json_object *obj, const char *key)
{
	struct json_object *val = NULL;

	assert_true(json_object_object_get_ex(obj, key, &val));
	return val;
}

static void test_json_impl(void **state)
{
	struct kb_impl_list list = { 0 };
	struct json_object *obj, *back;

	(void)state;
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400,
	    KAESBENCH_IMPL_F_ASYNC | KAESBENCH_IMPL_F_TESTED |
		    KAESBENCH_IMPL_F_SELECTED);
	obj = kb_impl_to_json(&list.impl[0]);
	assert_non_null(obj);
	back = json_tokener_parse(json_object_to_json_string(obj));
	assert_non_null(back);
	json_object_put(obj);

	assert_string_equal(json_object_get_string(get(back, "algorithm")),
			    "cbc(aes)");
	assert_string_equal(json_object_get_string(get(back, "driver")),
			    "cbc-aes-aesni");
	assert_string_equal(json_object_get_string(get(back, "module")),
			    "aesni_intel");
	assert_int_equal(json_object_get_int64(get(back, "priority")), 400);
	assert_string_equal(json_object_get_string(get(back, "type")),
			    "skcipher");
	assert_true(json_object_get_boolean(get(back, "async")));
	assert_false(json_object_get_boolean(get(back, "internal")));
	assert_true(json_object_get_boolean(get(back, "tested")));
	assert_false(json_object_get_boolean(get(back, "hardware")));
	assert_true(json_object_get_boolean(get(back, "selected")));
	assert_false(json_object_get_boolean(get(back, "selected_sync")));
	assert_true(json_object_is_type(get(back, "selected_sync"),
					json_type_boolean));
	assert_int_equal(json_object_get_int64(get(back, "block_size")), 16);
	assert_int_equal(json_object_get_int64(get(back, "min_key_size")), 16);
	assert_int_equal(json_object_get_int64(get(back, "max_key_size")), 32);
	assert_int_equal(json_object_get_int64(get(back, "iv_size")), 16);
	assert_int_equal(json_object_get_int64(get(back, "chunk_size")), 16);
	assert_null(get(back, "max_auth_size"));
	json_object_put(back);
	kb_impl_list_free(&list);
}

/*
 * A selection the module could not find out (a driver slow to set up):
 * "?" in the table, with its legend line, "unknown" in the dump, null in
 * JSON, never a mark that may be wrong.
 */
static void test_selection_unknown(void **state)
{
	const uint32_t flags = KAESBENCH_IMPL_F_TESTED |
			       KAESBENCH_IMPL_F_SELECTION_UNKNOWN;
	struct kb_impl_list list = { 0 };
	struct json_object *obj;
	char *out;

	(void)state;
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400, flags);
	out = dump_line(&list.impl[0]);
	assert_string_equal(out, "cbc(aes)\tcbc-aes-aesni\taesni_intel\t400\t"
				 "skcipher\tno\tno\tpassed\tno\tunknown\t"
				 "unknown\t16\t16\t32\t16\t16\t0\n");
	free(out);

	out = capture(kb_print_people, &list);
	assert_non_null(strstr(out, "\n?   cbc(aes)"));
	assert_non_null(strstr(out, "\n? = not known"));
	free(out);

	obj = kb_impl_to_json(&list.impl[0]);
	assert_non_null(obj);
	assert_null(get(obj, "selected"));
	assert_null(get(obj, "selected_sync"));
	json_object_put(obj);
	kb_impl_list_free(&list);

	/* Known: booleans, and no legend line for "?". */
	add(&list, "cbc(aes)", "cbc-aes-aesni", 400, KAESBENCH_IMPL_F_TESTED);
	out = capture(kb_print_people, &list);
	assert_null(strstr(out, "? = "));
	free(out);
	obj = kb_impl_to_json(&list.impl[0]);
	assert_true(
		json_object_is_type(get(obj, "selected"), json_type_boolean));
	json_object_put(obj);
	kb_impl_list_free(&list);
}

static int print_json(FILE *f, const struct kb_impl_list *list)
{
	struct json_object *env = json_object_new_object();

	json_object_object_add(env, "clocksource",
			       json_object_new_string("tsc"));
	return kb_print_json(f, list, env, NULL);
}

static void test_json_document(void **state)
{
	struct kb_impl_list list = { 0 };
	struct json_object *doc, *arr;
	char *out;

	(void)state;
	add(&list, "xts(aes)", "xts-aes-aesni", 401, 0);
	add_cipher(&list);
	out = capture(print_json, &list);
	doc = json_tokener_parse(out);
	assert_non_null(doc);
	assert_string_equal(
		json_object_get_string(get(doc, "kaesbench_version")),
		KAESBENCH_VERSION);
	assert_int_equal(json_object_get_int(get(doc, "protocol_version")),
			 KAESBENCH_GENL_VERSION);
	assert_int_equal(json_object_get_int(get(doc, "schema_version")),
			 KB_RESULTS_SCHEMA_VERSION);
	/* The environment given is the one printed. */
	assert_string_equal(json_object_get_string(get(get(doc, "environment"),
						       "clocksource")),
			    "tsc");
	arr = get(doc, "implementations");
	assert_int_equal(json_object_array_length(arr), 2);
	/* Kernel order, not sorted. */
	assert_string_equal(
		json_object_get_string(
			get(json_object_array_get_idx(arr, 0), "driver")),
		"xts-aes-aesni");
	assert_null(get(json_object_array_get_idx(arr, 1), "iv_size"));
	json_object_put(doc);
	free(out);
	kb_impl_list_free(&list);
}

/* No environment (out of memory making it) is no document, not a partial one. */
static void test_json_document_oom(void **state)
{
	struct kb_impl_list list = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	add_cipher(&list);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(kb_print_json(f, &list, NULL, NULL), -ENOMEM);
	fclose(f);
	assert_int_equal(len, 0);
	free(text);
	kb_impl_list_free(&list);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_order),
		cmocka_unit_test(test_people_table),
		cmocka_unit_test(test_people_empty),
		cmocka_unit_test(test_dump_line),
		cmocka_unit_test(test_dump_columns),
		cmocka_unit_test(test_json_impl),
		cmocka_unit_test(test_selection_unknown),
		cmocka_unit_test(test_json_document),
		cmocka_unit_test(test_json_document_oom),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
