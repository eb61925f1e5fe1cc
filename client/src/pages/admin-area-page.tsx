import { Link } from "wouter";

/** Placeholder for the admin screens, which a later issue builds; loaded lazily. */
export default function AdminAreaPage() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Admin area</h1>
      <p className="mt-4 text-lg">The admin area is coming soon.</p>
      <Link href="/" className="btn mt-8">
        Back to Home
      </Link>
    </main>
  );
}
