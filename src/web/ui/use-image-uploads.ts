import type { ImageUploadItem } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { type ApiResult, UPLOAD_ABORTED } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';

export interface UploadingImage {
  key: string;
  /** Local preview (object URL) shown while and after uploading. */
  preview: string;
  progress: number;
  /** The server's URL once uploaded; sent with the form. */
  url: string | null;
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
  /** Toast when the server gives no reason. */
  fallbackFailure: string;
}

/**
 * Images that upload as soon as they are added, each with its own progress, removable (an upload in
 * flight is cancelled). Hands antd's ImageUploader an item at once, so the person sees the image with its
 * progress instead of a bare spinner. Used by the borrower's complaint form and the operator's reply.
 */
export function useImageUploads({ send, successMessage, fallbackFailure }: ImageUploadsOptions) {
  const [images, setImages] = useState<UploadingImage[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());
  const nextKey = useRef(0);

  useEffect(() => {
    const pending = uploads.current;
    const urls = previews.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const drop = (key: string) => {
    setImages((list) => {
      const image = list.find((i) => i.key === key);
      if (image) {
        URL.revokeObjectURL(image.preview);
        previews.current.delete(image.preview);
      }
      return list.filter((i) => i.key !== key);
    });
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    nextKey.current += 1;
    const key = `image-${nextKey.current}`;
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    const controller = new AbortController();
    uploads.current.set(key, controller);
    setImages((list) => [...list, { key, preview, progress: 0, url: null }]);
    const setProgress = (progress: number) =>
      setImages((list) => list.map((i) => (i.key === key ? { ...i, progress } : i)));
    void send(file, setProgress, controller.signal).then((result) => {
      uploads.current.delete(key);
      if (result.code === UPLOAD_ABORTED) return;
      if (result.ok && result.data) {
        const { url } = result.data;
        setImages((list) => list.map((i) => (i.key === key ? { ...i, progress: 100, url } : i)));
        if (successMessage) toast.show(successMessage);
      } else {
        // The server says why (wrong type, too large, session ended); the image leaves the list.
        toast.show(result.message || fallbackFailure);
        drop(key);
      }
    });
    return { key, url: preview };
  };

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    drop(key);
  };

  const clear = () => {
    for (const image of images) remove(image.key);
  };

  const uploading = images.some((i) => i.url === null);
  return { images, upload, remove, clear, uploading };
}
