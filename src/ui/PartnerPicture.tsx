import { useEffect, useRef, type ImgHTMLAttributes } from 'react';

/**
 * A partner's picture, loaded from the partner's host (decision 096). When it cannot be shown (the
 * host down, the picture gone, hotlinking refused), `onFail` is called, so that its place shows what
 * an ad without a picture shows rather than the browser's broken-picture icon over the alt text. A
 * picture that failed before the page's script ran (a server-rendered page on a slow phone) is found
 * once it runs: loaded, and not decodable.
 */
export function PartnerPicture({
  onFail,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; onFail: () => void }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el?.complete)
      el.decode().catch(() => {
        if (el.isConnected && el.complete && el.naturalWidth === 0) onFail();
      });
    // Asked again only for another picture: `onFail` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [img.src]);
  return <img ref={ref} {...img} onError={onFail} />;
}
