/** Failed project calls, for the admin and the client screens alike. */
export { callFailure as projectFailure, signInAgain } from '../lib/failure';
