import { load } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { projectDecider, projectStream } from './decide.ts';

/** What another slice's command needs of a project it names: which one, and whose. */
export interface ProjectFacts {
  id: number;
  clientId: number;
}

/**
 * The project as its own stream has it (the write side decides on the write side); undefined when there is
 * no such project or it was deleted. Documents and appointments decide on it.
 */
export async function projectFacts(
  deps: Pick<AppDeps, 'store'>,
  projectId: number,
): Promise<ProjectFacts | undefined> {
  const { state } = await load(deps.store, projectStream(projectId), projectDecider);
  return state.lifecycle === 'active' ? { id: state.id, clientId: state.clientId } : undefined;
}
