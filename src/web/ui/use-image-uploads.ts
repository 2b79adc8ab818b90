import type { ImageUploadItem } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { type ApiResult, UPLOAD_ABORTED } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';

export type UploadStatus = 'uploading' | 'done' | 'failed';

export interface UploadingImage {
  key: string;
  /** What the tile shows: a local object URL while and after uploading, the server's URL when restored. */
  preview: string;
  progress: number;
  /** The server's URL once uploaded; sent with the form. */
  url: string | null;
  status: UploadStatus;
  /** Why the upload failed (the server's words, or the fallback); empty otherwise. */
  error: string;
}

/** An image uploaded earlier (in this page session), shown again without uploading it again. */
export interface UploadedImageRef {
  url: string;
}

export interface ImageUploadsOptions {
  /** Sends one file; the request helper's `uploadFile` or a wrapper of it. */
  send: (
    file: File,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ) => Promise<ApiResult<{ url: string }>>;
  /** Toast shown after each successful upload, if any. */
  successMessage?: string;
  /** Toast (or tile message) when the server gives no reason. */
  fallbackFailure: string;
  /**
   * Keep a failed image in the list, marked failed, until it is retried or removed (the screen shows
   * why). Without it, the failure is toasted and the image leaves the list.
   */
  keepFailed?: boolean;
  /** Images already uploaded, for a restored draft; read once, on the first render. */
  initial?: readonly UploadedImageRef[];
}

/**
 * Images that upload as soon as they are added, each with its own progress, removable (an upload in
 * flight is cancelled). An image is in the list from the moment it is picked, so the person sees it with
 * its progress instead of a bare spinner. Used, with `ImagePicker`, by the borrower's complaint form and
 * the operator's reply.
 */
export function useImageUploads({
  send,
  successMessage,
  fallbackFailure,
  keepFailed = false,
  initial,
}: ImageUploadsOptions) {
  const nextKey = useRef(0);
  const newKey = () => {
    nextKey.current += 1;
    return `image-${nextKey.current}`;
  };
  const [images, setImages] = useState<UploadingImage[]>(() =>
    (initial ?? []).map((image) => ({
      key: newKey(),
      preview: image.url,
      progress: 100,
      url: image.url,
      status: 'done' as const,
      error: '',
    })),
  );
  const uploads = useRef(new Map<string, AbortController>());
  // The file of each image not uploaded yet, so a failed one can be sent again.
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const pending = uploads.current;
    const urls = previews.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: Partial<UploadingImage>) =>
    setImages((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const drop = (key: string) => {
    files.current.delete(key);
    setImages((list) => {
      const image = list.find((i) => i.key === key);
      // Only object URLs made here are revoked; a restored image shows the server's URL.
      if (image && previews.current.delete(image.preview)) URL.revokeObjectURL(image.preview);
      return list.filter((i) => i.key !== key);
    });
  };

  const start = (key: string, file: File) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    void send(file, (progress) => update(key, { progress }), controller.signal).then((result) => {
      // A later retry (or a removal) owns this image now.
      if (uploads.current.get(key) !== controller) return;
      uploads.current.delete(key);
      if (result.code === UPLOAD_ABORTED) return;
      if (result.ok && result.data) {
        files.current.delete(key);
        update(key, { progress: 100, url: result.data.url, status: 'done', error: '' });
        if (successMessage) toast.show(successMessage);
        return;
      }
      // The server says why (wrong type, too large, session ended), or the network is down.
      const error = result.message || fallbackFailure;
      if (keepFailed) {
        update(key, { status: 'failed', error, progress: 0 });
      } else {
        toast.show(error);
        drop(key);
      }
    });
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    const key = newKey();
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    files.current.set(key, file);
    setImages((list) => [...list, { key, preview, progress: 0, url: null, status: 'uploading', error: '' }]);
    start(key, file);
    return { key, url: preview };
  };

  /** Sends a failed image again, from the file the person picked. */
  const retry = (key: string) => {
    const file = files.current.get(key);
    if (!file) return;
    update(key, { status: 'uploading', progress: 0, error: '' });
    start(key, file);
  };

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    drop(key);
  };

  const clear = () => {
    for (const image of images) remove(image.key);
  };

  const uploading = images.some((i) => i.status === 'uploading');
  const failed = images.some((i) => i.status === 'failed');
  return { images, upload, retry, remove, clear, uploading, failed };
}
