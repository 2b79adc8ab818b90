/**
 * Stands in for `resize-observer-polyfill` (ahooks' `useSize`, under antd-mobile's text area) in the
 * build: every browser the build targets (es2020: Chrome 80, Safari 14) has ResizeObserver, which the
 * polyfill hands back anyway, so its 13 KB (4 KB brotli) only travelled (decision 042).
 */
export default globalThis.ResizeObserver;
