import { Global, Module } from '@nestjs/common';
import { ArtifactDeliveryService } from './artifact-delivery.service';
import { ArtifactsController } from './artifacts.controller';

@Global()
@Module({ controllers: [ArtifactsController], providers: [ArtifactDeliveryService], exports: [ArtifactDeliveryService] })
export class ArtifactsModule {}
