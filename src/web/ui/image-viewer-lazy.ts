import { ImageViewer } from 'antd-mobile';

/** antd-mobile's full-screen viewer (swipe, pinch), in a chunk of its own: see `ImagePicker`. */
export function showImages(urls: string[], index: number): { close: () => void } {
  return ImageViewer.Multi.show({ images: urls, defaultIndex: index });
}
