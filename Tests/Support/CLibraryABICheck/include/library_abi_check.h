/* Nothing to call: library_abi_values.c and library_abi_prototypes.c fail to compile when
 * vault's own declarations of the libraries it opens at run time differ from the installed
 * headers. */
#ifndef VAULT_LIBRARY_ABI_CHECK_H
#define VAULT_LIBRARY_ABI_CHECK_H
#endif
