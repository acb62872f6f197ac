// What a program driving a Viewer needs: its feel, the input events and gestures, the geometry.
@_exported import Drawing
@_exported import Feel
@_exported import Geometry
@_exported import Gestures
@_exported import Motion
