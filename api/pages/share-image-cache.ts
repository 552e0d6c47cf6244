/**
 * The last share images drawn, by ETag, at most `max` of them (a few KB each): a link shared in a
 * group is fetched by every member's app at once, and drawing one costs tens of milliseconds.
 * Two requests for an image being drawn share the one drawing.
 */
export class ShareImageCache {
  private readonly images = new Map<string, Promise<Buffer>>();

  constructor(private readonly max: number) {}

  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const held = this.images.get(key);
    if (held) {
      this.images.delete(key);
      this.images.set(key, held);
      return held;
    }
    const drawing = draw();
    this.images.set(key, drawing);
    drawing.catch(() => this.images.delete(key));
    while (this.images.size > this.max) this.images.delete(this.images.keys().next().value!);
    return drawing;
  }
}
