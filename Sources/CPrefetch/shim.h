// A hint to start loading a cache line before it is read: the compiler's prefetch builtin
// (GCC and Clang, every platform Swift builds on), which Swift does not expose. It changes no
// result and never faults, whatever the address.

/// Starts loading the cache line of `address` into every cache level, for reading.
static inline void treerows_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}
