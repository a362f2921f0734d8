import { calendarDevicesCases } from './calendarDevices';
import { codeDeploymentCases } from './codeDeployment';
import { databaseCases } from './database';
import { emailCases } from './email';
import { filesystemCases } from './filesystem';
import { paymentsCases } from './payments';
import type { CaseDefinition } from './types';

export type { CaseDefinition } from './types';

/** The starter suite, as authored, domain by domain (one file each, with the tools its cases use). */
export const CASE_DEFINITIONS: readonly CaseDefinition[] = [...filesystemCases, ...emailCases, ...databaseCases, ...calendarDevicesCases, ...paymentsCases, ...codeDeploymentCases];
