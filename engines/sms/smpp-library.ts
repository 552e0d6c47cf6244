/**
 * The npm package `smpp` (SMPP 3.4, client and server side) with the types this project uses: it
 * ships none. Loaded through require because it is CommonJS without an ESM entry.
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Server as NetServer } from 'node:net';

export interface SmppShortMessage {
  message: string | Buffer;
  udh?: Buffer[];
}

/** A PDU as the library reads it: its fields by SMPP name. */
export interface SmppPdu {
  command: string;
  command_status: number;
  sequence_number: number;
  system_id?: string;
  password?: string;
  source_addr?: string;
  source_addr_ton?: number;
  destination_addr?: string;
  esm_class?: number;
  data_coding?: number;
  registered_delivery?: number;
  short_message?: SmppShortMessage;
  message_payload?: SmppShortMessage | string;
  message_id?: string;
  receipted_message_id?: string;
  message_state?: number;
  response(options?: Record<string, unknown>): SmppPdu;
}

export type PduCallback = (pdu: SmppPdu) => void;

export interface SmppSession extends EventEmitter {
  socket: { writable: boolean; destroyed: boolean; remoteAddress?: string };
  send(pdu: SmppPdu, onResponse?: PduCallback): boolean;
  bind_transceiver(options: Record<string, unknown>, onResponse: PduCallback): boolean;
  submit_sm(options: Record<string, unknown>, onResponse: PduCallback): boolean;
  deliver_sm(options: Record<string, unknown>, onResponse?: PduCallback): boolean;
  enquire_link(options?: Record<string, unknown>, onResponse?: PduCallback): boolean;
  unbind(options?: Record<string, unknown>, onResponse?: PduCallback): boolean;
  pause(): void;
  resume(): void;
  close(callback?: () => void): void;
  destroy(callback?: () => void): void;
}

export interface SmppServer extends NetServer {
  sessions: SmppSession[];
}

interface SmppLibrary {
  connect(options: Record<string, unknown>, onConnect?: () => void): SmppSession;
  createServer(options: Record<string, unknown>, onSession: (session: SmppSession) => void): SmppServer;
  PDU: new (command: string, options?: Record<string, unknown>) => SmppPdu;
  errors: Record<string, number>;
  ESM_CLASS: Record<string, number>;
  ENCODING: Record<string, number>;
}

export const smpp = createRequire(import.meta.url)('smpp') as SmppLibrary;

/** Command statuses this project reads (SMPP 3.4, section 5.1.3). */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RTHROTTLED: 0x58,
  ESME_RX_T_APPN: 0x64,
  ESME_RSYSERR: 0x08,
} as const;

export function smppStatusName(status: number): string {
  const entry = Object.entries(smpp.errors).find(([, v]) => v === status);
  return entry ? entry[0] : `0x${status.toString(16).padStart(8, '0')}`;
}
