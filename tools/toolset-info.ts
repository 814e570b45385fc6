/** What the catalog knows about a toolset; each product's toolsets file declares its own with it. */
export interface ToolsetInfo {
  description: string;
  /** Part of the default surface: the daily work of the product. */
  daily: boolean;
}
