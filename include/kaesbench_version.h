/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KAESBENCH_VERSION_H
#define _KAESBENCH_VERSION_H

#define KAESBENCH_VERSION "0.1.0"

#endif /* _KAESBENCH_VERSION_H */
