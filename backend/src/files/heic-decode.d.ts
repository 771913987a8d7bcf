/** heic-decode ships no types; this is the part of its API we use (see its README). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel, orientation (irot/imir) already applied by libheif. */
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  type Input = { buffer: Uint8Array };
  function decode(input: Input): Promise<DecodedImage>;
  namespace decode {
    /** Every top-level image, not yet decoded; call `dispose()` when done to free the decoder's memory. */
    function all(input: Input): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}
