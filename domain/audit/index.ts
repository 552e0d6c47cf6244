/**
 * The audit log: what administrators and the system did, recorded in the transaction of the change,
 * and its listing. The public face of the area: other areas import only this file.
 */
export { recordAudit } from './record-audit.ts';
