//go:build !linux

package engine

// allocBuckets returns n buckets from the Go heap.
func allocBuckets(_ *table, n int) []bucket { return make([]bucket, n) }
