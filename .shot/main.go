package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	base, pin := os.Args[1], os.Args[2]
	dir, _ := os.MkdirTemp("", "chr")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath("/usr/bin/chromium"), chromedp.NoSandbox, chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel2 := chromedp.NewContext(actx)
	defer cancel2()
	ctx, cancel3 := context.WithTimeout(ctx, 60*time.Second)
	defer cancel3()
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1024, 768),
		chromedp.Navigate(base+"/sign-in"),
		chromedp.SendKeys(`#pin`, pin),
		chromedp.Submit(`#pin`),
		chromedp.Sleep(500*time.Millisecond),
		chromedp.Navigate(base+"/setup"),
		chromedp.SendKeys(`#name`, "Anna"),
		chromedp.Submit(`#name`),
		chromedp.Sleep(500*time.Millisecond),
	)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	buf, _ := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	os.WriteFile("/tmp/setup-tablet.png", buf, 0o644)
	_ = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Reload())
	buf, _ = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	os.WriteFile("/tmp/setup-phone.png", buf, 0o644)
}
