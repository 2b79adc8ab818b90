import { ImageViewer } from 'antd-mobile';

/**
 * antd-mobile's full-screen viewer (swipe, pinch), in a chunk of its own, loaded when a thumbnail is
 * tapped: see `ImagePicker`, and the complaint details (decision 042).
 */
export const ImageViewerMulti = ImageViewer.Multi;

export function showImages(urls: string[], index: number): { close: () => void } {
  return ImageViewer.Multi.show({ images: urls, defaultIndex: index });
}
