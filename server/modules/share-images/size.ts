/** The share image's size (Open Graph's 1.91:1), apart from the drawing code so pages need not load it. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
