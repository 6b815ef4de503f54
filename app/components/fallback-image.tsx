/**
 * An <img> that swaps to a local fallback once if its picture fails to load
 * (images may come from outside storage). Without JavaScript the original
 * simply shows; the local pictures always load.
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const DEFAULT_FALLBACK_IMAGE = "/images/default-session.svg";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  fallbackSrc?: string;
  alt: string;
};

export function FallbackImage({ src, fallbackSrc = DEFAULT_FALLBACK_IMAGE, alt, ...rest }: Props) {
  const [current, setCurrent] = useState(src);
  const swapped = useRef(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    swapped.current = false;
    setCurrent(src);
  }, [src]);

  function swap() {
    // Once only: a broken fallback must not loop.
    if (swapped.current || current === fallbackSrc) return;
    swapped.current = true;
    setCurrent(fallbackSrc);
  }

  useEffect(() => {
    // The error may have fired before hydration attached onError.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) swap();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <img {...rest} ref={ref} src={current} alt={alt} onError={swap} />;
}
