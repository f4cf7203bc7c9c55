export { User } from './User';
export { CreditEntry, CREDIT_ENTRY_STATUSES, CREDIT_ENTRY_TYPES } from './CreditEntry';
export { Upload } from './Upload';
export { Transformation, TRANSFORMATION_STATUSES } from './Transformation';
export { GalleryItem } from './GalleryItem';
export { Like } from './Like';
export { Video, VIDEO_STATUSES } from './Video';
export { Payment } from './Payment';
export { Subscription } from './Subscription';
export { SubscriptionInvoice } from './SubscriptionInvoice';
export { Workflow } from './Workflow';
export { PasswordResetToken } from './PasswordResetToken';
export { GenerationJob, JOB_KINDS, JOB_STATUSES, type JobKind, type JobStatus } from './GenerationJob';
export { Session } from './Session';
export { ApiToken, API_TOKEN_SCOPES, type ApiTokenScope } from './ApiToken';
export { AuditEntry, AUDIT_ACTIONS, type AuditAction } from './AuditEntry';
export { PostReport, REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from './PostReport';
export { Suspension } from './Suspension';

import { ApiToken } from './ApiToken';
import { AuditEntry } from './AuditEntry';
import { PostReport } from './PostReport';
import { Suspension } from './Suspension';
import { CreditEntry } from './CreditEntry';
import { GalleryItem } from './GalleryItem';
import { GenerationJob } from './GenerationJob';
import { Like } from './Like';
import { PasswordResetToken } from './PasswordResetToken';
import { Payment } from './Payment';
import { Session } from './Session';
import { Subscription } from './Subscription';
import { SubscriptionInvoice } from './SubscriptionInvoice';
import { Transformation } from './Transformation';
import { Upload } from './Upload';
import { User } from './User';
import { Video } from './Video';
import { Workflow } from './Workflow';

export const entities = [
  User,
  CreditEntry,
  Upload,
  Transformation,
  GalleryItem,
  Like,
  Video,
  Payment,
  Subscription,
  SubscriptionInvoice,
  Workflow,
  GenerationJob,
  Session,
  ApiToken,
  PasswordResetToken,
  PostReport,
  Suspension,
  AuditEntry,
];
