import AFRunner

/// Namespace placeholder until the report writers land.
public enum AFReports {}
