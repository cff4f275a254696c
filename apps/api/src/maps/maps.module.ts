import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { MapArchivesService } from './map-archives.service';
import { MapsController } from './maps.controller';
import { MapsService } from './maps.service';
import { TileRoutes } from './tile-routes';

/** The course-maps service: tile plans, XYZ tiles, static maps and PMTiles archives. */
@Module({ imports: [CoursesModule], controllers: [MapsController], providers: [MapsService, MapArchivesService, TileRoutes], exports: [MapsService] })
export class MapsModule {}
