import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import './image-picker.css';

export interface PickedImage {
  key: string;
  /** What the thumbnail shows: the picked file's object URL or the stored image's URL. */
  preview: string;
  /** Shown as the cell's `data-status` (uploading, done, failed), for styles and tests. */
  status?: string;
}

export interface ImagePickerProps<T extends PickedImage> {
  images: readonly T[];
  /** The add cell disappears once this many images are in. */
  max: number;
  /** Images to a row. */
  columns?: number;
  accept: string;
  /** The add cell's visible label, which also names the file input. */
  addLabel: string;
  addIcon?: ReactNode;
  /** The files of one pick, in order; the caller decides which to take. */
  onPick: (files: File[]) => void;
  /** The accessible name of an image's thumbnail button (it opens the image full screen). */
  viewLabel: (n: number) => string;
  /** What goes over a thumbnail: progress, a failure and its way out, the remove button. */
  overlay?: (image: T, n: number) => ReactNode;
  /** A class for an image's cell (a failed one is marked). */
  cellClass?: (image: T) => string;
  className?: string;
}

/**
 * A grid of picked images (three to a row unless the page's styles say otherwise), with an add cell
 * holding the file input: the complaint form's and the operator's reply. It replaces antd-mobile's
 * ImageUploader (decision 018), which imports its full-screen viewer and a gesture library up front
 * (~15 KB brotli on the form's first load); here the viewer
 * loads when a thumbnail is first tapped. The list is the caller's, so nothing here can disagree with
 * what is uploading, uploaded or failed.
 */
export function ImagePicker<T extends PickedImage>({
  images,
  max,
  columns = 3,
  accept,
  addLabel,
  addIcon,
  onPick,
  viewLabel,
  overlay,
  cellClass,
  className,
}: ImagePickerProps<T>) {
  // The open viewer, closed with the screen (it lives on the document body, not in this tree).
  const viewer = useRef<{ close: () => void } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      viewer.current?.close();
    };
  }, []);
  const view = async (index: number) => {
    const { showImages } = await import('./image-viewer-lazy.ts');
    if (mounted.current)
      viewer.current = showImages(
        images.map((x) => x.preview),
        index,
      );
  };
  return (
    <div
      className={className ? `image-picker ${className}` : 'image-picker'}
      style={{ '--columns': columns } as CSSProperties}
    >
      {images.map((image, i) => (
        <div
          key={image.key}
          className={`image-picker-cell ${cellClass?.(image) ?? ''}`.trim()}
          data-status={image.status}
        >
          <button
            type="button"
            className="image-picker-thumb"
            aria-label={viewLabel(i + 1)}
            onClick={() => void view(i)}
          >
            <img src={image.preview} alt="" />
          </button>
          {overlay?.(image, i + 1)}
        </div>
      ))}
      <div className="image-picker-add" hidden={images.length >= max}>
        <span className="image-picker-add-face" aria-hidden="true">
          {addIcon}
          <span>{addLabel}</span>
        </span>
        <input
          type="file"
          aria-label={addLabel}
          accept={accept}
          multiple
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Cleared so that picking the same file again (after removing it) is a change too.
            event.currentTarget.value = '';
            if (files.length > 0) onPick(files);
          }}
        />
      </div>
    </div>
  );
}
