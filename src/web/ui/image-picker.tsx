import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { COMPLAINT_LIMITS, IMAGE_UPLOAD_TYPES } from '../../shared/contract/constants.ts';
import './image-picker.css';

export interface PickedImage {
  key: string;
  /** What the thumbnail shows: the picked file's object URL or the stored image's URL. */
  preview: string;
  /** Shown as the cell's `data-status` (uploading, done, failed); `uploading` shows the progress. */
  status?: string;
  /** Per cent uploaded, while uploading. */
  progress?: number;
}

/** One pick, sorted: what to upload, what was refused and why, how many went past the limit. */
export interface Pick {
  take: File[];
  refused: Array<{ file: File; why: 'type' | 'size' }>;
  over: number;
}

/**
 * The files of one pick against the rules the upload routes apply: a type they take, at most 5 MB, and
 * no more than `max` images in all (the last picked are the ones left out).
 */
export function sortPick(files: readonly File[], taken: number, max: number): Pick {
  const refused: Pick['refused'] = [];
  const fit = files.filter((file) => {
    const why = !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)
      ? 'type'
      : file.size > COMPLAINT_LIMITS.imageBytesMax
        ? 'size'
        : null;
    if (why) refused.push({ file, why });
    return why === null;
  });
  const over = Math.max(0, taken + fit.length - max);
  return { take: fit.slice(0, fit.length - over), refused, over };
}

export interface ImagePickerProps<T extends PickedImage> {
  images: readonly T[];
  /** The add cell disappears once this many images are in. */
  max: number;
  /** Images to a row. */
  columns?: number;
  /** The add cell's visible label, which also names the file input. */
  addLabel: string;
  addIcon?: ReactNode;
  /** One pick, sorted by `sortPick`; the caller uploads `take` and says what was left out. */
  onPick: (pick: Pick) => void;
  /** The accessible name of an uploading image's progress bar. */
  progressLabel: (n: number) => string;
  /** The accessible name of an image's thumbnail button (it opens the image full screen). */
  viewLabel: (n: number) => string;
  /** What else goes over a thumbnail: a failure and its way out, the remove button. */
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
  addLabel,
  addIcon,
  onPick,
  progressLabel,
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
          {image.status === 'uploading' ? (
            <div
              className="image-picker-progress"
              role="progressbar"
              aria-label={progressLabel(i + 1)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={image.progress ?? 0}
            >
              <span className="image-picker-progress-bar" style={{ width: `${image.progress ?? 0}%` }} />
              <span>{image.progress ?? 0}%</span>
            </div>
          ) : null}
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
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          multiple
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Cleared so that picking the same file again (after removing it) is a change too.
            event.currentTarget.value = '';
            if (files.length > 0) onPick(sortPick(files, images.length, max));
          }}
        />
      </div>
    </div>
  );
}
