package letter

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParse reads every sample letter once per iteration.
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(lettersDir, "*.txt"))
	var texts []string
	for _, f := range files {
		t, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(t))
	}
	if len(texts) == 0 {
		b.Skip("no sample letters")
	}
	b.ResetTimer()
	for b.Loop() {
		for _, t := range texts {
			Parse(t, goldenOptions())
		}
	}
}

// BenchmarkParseLong reads letters of many long lines (each under
// maxLineBytes, so all are read), the fuzzer's worst cases: the time per
// byte must stay flat as the letter grows.
func BenchmarkParseLong(b *testing.B) {
	lines := map[string]string{
		"variants": strings.Repeat("Вариант А: если 6...g5-h4, то 7.d4-c5 ", 35),
		"dates":    strings.Repeat("12.03 ", 300),
		"words":    strings.Repeat("прeдлагаю ничью ", 60),
		"html":     strings.Repeat("<p>Мой ход&nbsp;6.c3-d4</p>", 70),
	}
	for name, line := range lines {
		for _, n := range []int{50, 400, 4000} {
			text := strings.Repeat(line+"\n", n)
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					Parse(text, goldenOptions())
				}
			})
		}
	}
}

// BenchmarkParseMove reads the letters of the receive path's benchmark
// (cmd/zaochnik BenchmarkReceivePath): a first move, and the answer that
// repeats it.
func BenchmarkParseMove(b *testing.B) {
	texts := []string{
		"ЧР-2026-ЗФ 1-2\nМой ход: 1.c3-d4\n01.03.2026 / 01.03.2026 / 01.03.2026\nВремя: 0/0\n",
		"ЧР-2026-ЗФ 1-2\nВаш ход: 1.c3-d4\nМой ход: 1...f6-g5\n02.03.2026 / 02.03.2026 / 02.03.2026\nВремя: 0/0\n",
	}
	opts := goldenOptions()
	opts.Subject = "ЧР-2026-ЗФ"
	for b.Loop() {
		for _, t := range texts {
			Parse(t, opts)
		}
	}
}
