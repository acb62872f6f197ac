// What a program using Feel needs: the JSON it reads and writes, the springs and curves it holds.
@_exported import Geometry
@_exported import JSON
@_exported import Motion
