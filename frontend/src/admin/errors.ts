/** Failed admin calls: a lost session sends the admin to sign in again; anything else is a toast. */
export { callFailure as adminFailure } from '../lib/failure';
