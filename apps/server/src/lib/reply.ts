import type { ApiListResponse, ApiResponse } from '@haat/shared/api';

/** The { success, error, message, data } envelope. */
export function ok<T>(data: T, message = ''): ApiResponse<T> {
  return { success: true, error: false, message, data };
}

export function okList<T>(data: T[], totalCount: number, pageSize: number, message = ''): ApiListResponse<T> {
  return {
    success: true,
    error: false,
    message,
    data,
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / Math.max(pageSize, 1))),
  };
}
