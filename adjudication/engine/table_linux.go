package engine

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages (2 MiB)
// where transparent huge pages are enabled on request ("madvise"): a probe
// lands on a random slot, and with 4 KiB pages almost every probe of a
// large table also misses the TLB. Advice only: an error changes nothing.
func adviseHugePages(slots []slot) {
	if len(slots) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*int(unsafe.Sizeof(slot{})))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
