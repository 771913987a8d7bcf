import { TextField } from '../../../ui/Field';

/** The photo gallery upload is shown but disabled (spec part 2, section 2.10). */
export function GallerySection() {
  return (
    <section
      aria-labelledby="gallery-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="gallery-heading" className="text-base font-semibold text-slate-900">
        Photo Gallery
      </h3>
      <p className="text-sm text-slate-700">Photo gallery upload is currently disabled.</p>
      <div className="max-w-sm">
        <TextField
          label="Upload gallery photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled
          hint="JPG, PNG, WEBP up to 5MB"
        />
      </div>
    </section>
  );
}
