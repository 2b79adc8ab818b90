/**
 * A page arrives with a title in its head (the shell's name, or a framed screen's own, decision 027), so
 * the tab is named before any code runs. React 19 puts the `<title>` a screen renders into the head too,
 * before that one rather than in its place: the head would hold two. Once the first screen's title is
 * there, the page's own goes. Call before the shell's first render.
 */
export function handTitleToScreens(doc: Document = document): void {
  const own = doc.head.querySelector(':scope > title');
  if (!own) return;
  const observer = new MutationObserver(() => {
    if (!own.isConnected) return observer.disconnect();
    const titles = doc.head.querySelectorAll(':scope > title');
    if ([...titles].some((t) => t !== own)) {
      own.remove();
      observer.disconnect();
    }
  });
  observer.observe(doc.head, { childList: true });
}
