package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromiumPath is Debian's chromium, which CI installs (.ci/run).
const chromiumPath = "/usr/bin/chromium"

// browser starts headless Chromium for one test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("browser tests need %s (apt-get install -y chromium): %v", chromiumPath, err)
	}
	// The timeout bounds the whole browser: a hung page fails the test, not CI.
	parent, cancelParent := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancelParent)
	alloc, cancelAlloc := chromedp.NewExecAllocator(parent,
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000)), "start chromium")
	return ctx
}

// watchConsole collects what the pages write to the console: a Content
// Security Policy violation, a failed load, an error. The returned func
// stops watching and returns them.
func watchConsole(ctx context.Context) func() []string {
	cctx, cancel := context.WithCancel(ctx)
	msgs := chromedp.Console(cctx)
	var got []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				got = append(got, m.Source+" "+m.String()+" "+m.URL)
			}
		}
	}()
	return func() []string {
		cancel()
		<-done
		return got
	}
}

// page runs steps that load a page (a click on a link, a form sent) and
// waits for it.
func page(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	resp, err := chromedp.RunResponse(ctx, steps...)
	require.NoError(t, err)
	require.Less(t, resp.Status, int64(400), "HTTP %d on %s", resp.Status, resp.URL)
}

func textOf(t *testing.T, ctx context.Context, css string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(css)))
	require.NoError(t, err, css)
	return strings.Join(strings.Fields(s), " ")
}

func loginIn(t *testing.T, ctx context.Context, base, name string) {
	t.Helper()
	page(t, ctx, chromedp.Navigate(base+"/"))
	loc, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	require.Contains(t, loc, "/login?next=", "a visitor is sent to the login page")
	page(t, ctx, chromedp.SendKeys(chromedp.ID("name"), name), chromedp.SendKeys(chromedp.ID("password"), testPassword), chromedp.Click(chromedp.ID("login")))
	loc, err = chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	require.Equal(t, base+"/", loc)
}

// screenshot saves the page as docs/NAME.png when ZAOCHNIK_SCREENSHOTS is
// set (README's pictures: ZAOCHNIK_SCREENSHOTS=1 go test -run Browser ./web).
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("ZAOCHNIK_SCREENSHOTS") == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join("..", "docs", name+".png"), png, 0o644))
}

func TestBrowser_SecretaryStepsThroughAGameAndReadsTheLedger(t *testing.T) {
	ctx := browser(t)
	ts, _ := newTestDesk(t)
	console := watchConsole(ctx)
	loginIn(t, ctx, ts.URL, "anna")

	page(t, ctx, chromedp.Click(chromedp.CSS(`#tournaments a`)))
	assert.Contains(t, textOf(t, ctx, "#crosstable"), `<script>alert("x")</script>`, "the name shows as text")
	screenshot(t, ctx, "crosstable")

	page(t, ctx, chromedp.Click(chromedp.CSS(`#games a[href$="/g/1-2"]`)))
	assert.Equal(t, "После 4...b6-a5 (полуход 8 из 8)", textOf(t, ctx, "#caption"))
	screenshot(t, ctx, "game")
	page(t, ctx, chromedp.Click(chromedp.ID("first")))
	assert.Equal(t, "Начальная позиция (полуход 0 из 8)", textOf(t, ctx, "#caption"))
	page(t, ctx, chromedp.Click(chromedp.ID("next")))
	page(t, ctx, chromedp.Click(chromedp.ID("next")))
	assert.Equal(t, "После 1...f6-g5 (полуход 2 из 8)", textOf(t, ctx, "#caption"))
	pieces, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#board g.piece").length`))
	require.NoError(t, err)
	assert.Equal(t, 24, pieces)
	page(t, ctx, chromedp.Click(chromedp.CSS(`#moves a[href$="ply=5#board"]`)))
	assert.Equal(t, "После 3.a1-b2 (полуход 5 из 8)", textOf(t, ctx, "#caption"))

	// A ledger line's explanation: on hover (title) and in the notes below.
	title, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#ledger td.explained`), "title"))
	require.NoError(t, err)
	require.True(t, title.Exists)
	assert.Contains(t, title.Value, "(п. ")
	assert.Contains(t, textOf(t, ctx, "#note-1"), title.Value)
	assert.Contains(t, textOf(t, ctx, "#ledger-notes"), "перерыв (Черные)")
	assert.Empty(t, console(), "no CSP violation, failed load or error on any page")
}

func TestBrowser_JudgeRulesOnAClaimAndTheLettersGoOut(t *testing.T) {
	ctx := browser(t)
	ts, f := newTestDesk(t)
	console := watchConsole(ctx)
	loginIn(t, ctx, ts.URL, "oleg")

	page(t, ctx, chromedp.Click(chromedp.CSS(`a[href="/claims"]`)))
	page(t, ctx, chromedp.Click(chromedp.CSS(`#claims tr.pending a[href*="/claim/"]`)))
	assert.Contains(t, textOf(t, ctx, "#claim-status"), "ждет решения судьи")
	screenshot(t, ctx, "claim")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("confirm")), chromedp.SendKeys(chromedp.ID("note"), "по графику 6.3.6")))
	page(t, ctx, chromedp.Click(chromedp.ID("rule")))
	assert.Equal(t, "Просрочка подтверждена (п. 6.3.7).", textOf(t, ctx, "#heading"))
	assert.Contains(t, textOf(t, ctx, "#sent"), "petrov@example.org")
	require.NotEmpty(t, f.sent)
	var to []string
	for _, o := range f.sent {
		to = append(to, o.To)
	}
	assert.Contains(t, to, "petrov@example.org", "the ruling went out through the store")

	page(t, ctx, chromedp.Click(chromedp.ID("back")))
	assert.Contains(t, textOf(t, ctx, "#letters"), "→ petrov@example.org (решение судьи)")
	assert.Empty(t, console(), "no CSP violation, failed load or error on any page")
}
