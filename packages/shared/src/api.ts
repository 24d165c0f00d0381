/** The response envelope every API call answers (DESIGN: API contract). */
export interface ApiResponse<T = unknown> {
  success: boolean;
  error: boolean;
  message: string;
  data: T;
}

export interface ApiListResponse<T> extends ApiResponse<T[]> {
  totalPages: number;
  totalCount: number;
}

