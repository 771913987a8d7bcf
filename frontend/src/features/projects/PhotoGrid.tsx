import type { TProject } from '@app/contracts/api/projects';
import { Button } from '../../ui/Button';
import { photosWithout } from './project-draft';
import { useSaveProject } from './save-project';

/**
 * The project's pictures: thumbnails, each linking to the full picture. With `removable` (staff only)
 * each has Remove, which asks first and then saves the photos to keep with PATCH.
 */
export function PhotoGrid({ project, removable = false }: { project: TProject; removable?: boolean }) {
  const save = useSaveProject(project.id);

  if (project.photos.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
        No photos yet
      </p>
    );

  const remove = (url: string, name: string) => {
    if (!window.confirm(`Remove ${name} from this project? This cannot be undone.`)) return;
    save.mutate({
      method: 'PATCH',
      body: { photos: photosWithout(project, url) },
      success: { title: 'Photo removed' },
      failure: 'Failed to remove photo',
    });
  };

  return (
    <ul aria-label="Project photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {project.photos.map((photo) => (
        <li key={photo.url} className="overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          <a
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <img
              src={photo.thumbnailUrl}
              alt={photo.name}
              loading="lazy"
              className="aspect-square w-full object-cover"
            />
            <span className="sr-only"> (opens the full picture in a new tab)</span>
          </a>
          {removable && (
            <div className="flex items-center justify-between gap-2 p-2">
              <span className="truncate text-xs text-slate-700">{photo.name}</span>
              <Button
                variant="ghost"
                className="px-2 py-1 text-red-800"
                aria-label={`Remove ${photo.name}`}
                disabled={save.isPending}
                onClick={() => remove(photo.url, photo.name)}
              >
                {save.isPending && save.variables?.body.photos?.includes(photo.url) === false
                  ? 'Deleting...'
                  : 'Remove'}
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
