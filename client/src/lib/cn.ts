import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Class names joined (falsy ones skipped) with Tailwind's conflicts resolved, the later class
 * winning: `cn("p-4", className)` lets a caller's `p-2` replace the default.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
